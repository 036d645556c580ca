"""Standings and ratings per variant (docs/games/rummy.md): every existing row becomes Gin Rummy's.

Standings gain a ``variant`` column (existing rows: ``gin``) and their unique key and board
index take it. Ratings were keyed by the user alone (the user was the primary key), so the
table is rebuilt: the old one is renamed, a new one keyed by ``id`` with a unique
``(user, variant)`` is created, every old row is copied into it as the user's ``gin`` rating
with its values unchanged (``updated_at`` included), and the old table is dropped. Reversing
copies the ``gin`` ratings back and drops the others.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

COLUMNS = "user_id, rating, rating_deviation, volatility, games, updated_at"


def _tables(apps, schema_editor) -> tuple[str, str]:
    quote = schema_editor.quote_name
    old = apps.get_model("leaderboards", "GinPlayerRating")._meta.db_table
    new = apps.get_model("leaderboards", "PlayerRating")._meta.db_table
    return quote(old), quote(new)


def ratings_to_gin(apps, schema_editor):
    old, new = _tables(apps, schema_editor)
    schema_editor.execute(
        f"INSERT INTO {new} (variant, {COLUMNS}) SELECT 'gin', {COLUMNS} FROM {old}"
    )


def gin_ratings_back(apps, schema_editor):
    old, new = _tables(apps, schema_editor)
    schema_editor.execute(
        f"INSERT INTO {old} ({COLUMNS}) SELECT {COLUMNS} FROM {new} WHERE variant = 'gin'"
    )


class Migration(migrations.Migration):
    dependencies = [
        ("leaderboards", "0004_standing_derived_keys"),
        ("games", "0006_result_variant_placement"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        # --- standings ---
        migrations.AlterModelOptions(
            name="standing",
            options={"ordering": ("period", "variant", "category", "rank", "user")},
        ),
        migrations.AddField(
            model_name="standing",
            name="variant",
            field=models.CharField(
                choices=[("gin", "Gin Rummy"), ("rummy", "Rummy (2 to 4 players)")],
                default="gin",
                max_length=10,
            ),
        ),
        migrations.RemoveConstraint(model_name="standing", name="leaderboards_standing_unique"),
        migrations.AddConstraint(
            model_name="standing",
            constraint=models.UniqueConstraint(
                fields=("period", "variant", "category", "user"),
                name="leaderboards_standing_unique",
            ),
        ),
        migrations.RemoveIndex(model_name="standing", name="leaderboards_standing_board"),
        migrations.AddIndex(
            model_name="standing",
            index=models.Index(
                fields=[
                    "period",
                    "variant",
                    "category",
                    "-score",
                    "-wins",
                    "games",
                    "reached_at",
                    "user",
                ],
                name="leaderboards_standing_board",
            ),
        ),
        migrations.AlterField(
            model_name="period",
            name="players",
            field=models.JSONField(
                blank=True,
                default=dict,
                help_text='Players listed per board at the last refresh: {"humans": n, '
                '"computer": n} for Gin Rummy, "rummy:humans" etc. for other variants (left '
                "out while 0).",
            ),
        ),
        migrations.AlterField(
            model_name="ratedgame",
            name="applied",
            field=models.BooleanField(
                default=True,
                help_text="False when the game could not be rated (fewer than two human "
                "players, or not two in a Gin Rummy game).",
            ),
        ),
        migrations.AlterField(
            model_name="ratedgame",
            name="changes",
            field=models.JSONField(
                blank=True,
                default=list,
                help_text='[{"user": id, "placement": n, "score": s, "before": [r, rd, vol], '
                '"after": [r, rd, vol]}]; score: the points of all its pairs (1 a win, 0 a '
                "loss).",
            ),
        ),
        # --- ratings: rebuilt with a (user, variant) key ---
        migrations.RemoveIndex(model_name="playerrating", name="leaderboards_rating_board"),
        migrations.RenameModel(old_name="PlayerRating", new_name="GinPlayerRating"),
        migrations.CreateModel(
            name="PlayerRating",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "variant",
                    models.CharField(
                        choices=[("gin", "Gin Rummy"), ("rummy", "Rummy (2 to 4 players)")],
                        default="gin",
                        max_length=10,
                    ),
                ),
                ("rating", models.FloatField(default=1500.0)),
                ("rating_deviation", models.FloatField(default=350.0)),
                ("volatility", models.FloatField(default=0.06)),
                ("games", models.PositiveIntegerField(default=0, help_text="Rated games played.")),
                ("updated_at", models.DateTimeField(auto_now=True)),
                (
                    "user",
                    models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="ratings",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "indexes": [
                    models.Index(
                        condition=models.Q(("rating_deviation__lte", 110.0)),
                        fields=["variant", "-rating", "rating_deviation", "user"],
                        name="leaderboards_rating_board",
                    )
                ],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("user", "variant"), name="leaderboards_rating_user_variant_unique"
                    )
                ],
            },
        ),
        migrations.RunPython(ratings_to_gin, gin_ratings_back),
        migrations.DeleteModel(name="GinPlayerRating"),
    ]
