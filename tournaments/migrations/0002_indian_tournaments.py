"""Tournaments may be played over Indian Rummy (every registered variant)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0001_initial'),
    ]

    operations = [
        migrations.AlterField(
            model_name='tournament',
            name='variant',
            field=models.CharField(choices=[('gin', 'gin'), ('rummy', 'rummy'), ('indian', 'indian')], default='gin', max_length=10),
        ),
    ]
