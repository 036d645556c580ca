"""Indian Rummy (docs/games/indian-rummy.md): a player who leaves a table of three or more keeps the seat
row with no computer in their place (a leaver's seat may have no stand-in), and a game
may end for the reasons of its formats (``last_player`` is 11 characters).
"""

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0011_indian_tables'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='seat',
            name='games_seat_player_or_computer',
        ),
        migrations.AlterField(
            model_name='game',
            name='finish_reason',
            field=models.CharField(blank=True, choices=[('target', 'Target'), ('concede', 'Concede'), ('timeout', 'Timeout'), ('loss_limit', 'Loss Limit'), ('rounds', 'Rounds'), ('show', 'Show'), ('last_player', 'Last Player'), ('draw', 'Draw'), ('pool', 'Pool'), ('deals', 'Deals')], max_length=12),
        ),
        migrations.AlterField(
            model_name='gameresult',
            name='reason',
            field=models.CharField(choices=[('target', 'Target'), ('concede', 'Concede'), ('timeout', 'Timeout'), ('loss_limit', 'Loss Limit'), ('rounds', 'Rounds'), ('show', 'Show'), ('last_player', 'Last Player'), ('draw', 'Draw'), ('pool', 'Pool'), ('deals', 'Deals')], max_length=12),
        ),
        migrations.AlterField(
            model_name='seat',
            name='left_at',
            field=models.DateTimeField(blank=True, help_text="The player left; the variant's stand-in computer plays the seat, or nobody.", null=True),
        ),
        migrations.AddConstraint(
            model_name='seat',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('user__isnull', False), ('computer', ''), ('left_at__isnull', True)), models.Q(('user__isnull', True), models.Q(('computer', ''), _negated=True), ('left_at__isnull', True)), models.Q(('user__isnull', False), ('left_at__isnull', False)), _connector='OR'), name='games_seat_player_or_computer'),
        ),
    ]
