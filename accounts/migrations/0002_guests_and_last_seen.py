# Guest accounts ("Play now") and when a player last used a token.

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="is_guest",
            field=models.BooleanField(
                db_default=False,
                default=False,
                help_text="Made by 'Play now' without a username or password: unrated, on no board, removed after GUEST_IDLE_DAYS unused unless claimed.",
            ),
        ),
        migrations.AddField(
            model_name="user",
            name="last_seen_at",
            field=models.DateTimeField(
                blank=True,
                help_text="When the player last used a token (to the ten minutes).",
                null=True,
            ),
        ),
        migrations.AddIndex(
            model_name="user",
            index=models.Index(
                condition=models.Q(("is_guest", True)),
                fields=["last_seen_at"],
                name="accounts_guest_seen_idx",
            ),
        ),
    ]
