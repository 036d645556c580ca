"""Indian Rummy has boards and ratings of its own (``?variant=indian``, docs/games/indian-rummy.md)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('leaderboards', '0005_per_variant'),
    ]

    operations = [
        migrations.AlterField(
            model_name='playerrating',
            name='variant',
            field=models.CharField(choices=[('gin', 'Gin Rummy'), ('rummy', 'Rummy (2 to 4 players)'), ('indian', 'Indian Rummy (2 to 6 players)')], default='gin', max_length=10),
        ),
        migrations.AlterField(
            model_name='standing',
            name='variant',
            field=models.CharField(choices=[('gin', 'Gin Rummy'), ('rummy', 'Rummy (2 to 4 players)'), ('indian', 'Indian Rummy (2 to 6 players)')], default='gin', max_length=10),
        ),
    ]
