"""factory_boy factories shared by the suite."""

from __future__ import annotations

import factory

from accounts.models import AuthToken, User

PASSWORD = "a-long-test-password-1"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    display_name = factory.LazyAttribute(lambda o: o.username.title())
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def save_password(obj, create, extracted, **kwargs):
        if create:
            obj.save()


def token_for(user: User) -> str:
    _, key = AuthToken.objects.issue(user)
    return key
