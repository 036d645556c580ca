"""Reviews written before a review estimated each decision's loss in points have no
``loss`` nor ``worlds``: they are removed, and asking again (``POST``) computes them
anew (docs/api.md#game-review)."""

from django.db import migrations


def remove_reviews_without_losses(apps, schema_editor):
    GameReview = apps.get_model("games", "GameReview")
    GameReview.objects.exclude(body__has_key="worlds").filter(status="ready").delete()


class Migration(migrations.Migration):
    dependencies = [("games", "0015_game_reviews")]

    operations = [
        migrations.RunPython(remove_reviews_without_losses, migrations.RunPython.noop),
    ]
