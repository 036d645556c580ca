"""Pagination for every list: ``{"count", "next", "previous", "results"}``."""

from __future__ import annotations

import re
from typing import Any

from rest_framework import pagination
from rest_framework.exceptions import ValidationError


class PageNumberPagination(pagination.PageNumberPagination):
    """``?page=N`` (from 1; past the last page: 404 ``not_found``) and ``?page_size=M`` (at
    most 100). A page that is not a positive whole number is 400 ``validation_error``."""

    page_size_query_param = "page_size"
    max_page_size = 100

    def get_page_number(self, request: Any, paginator: Any) -> Any:
        number = super().get_page_number(request, paginator)
        if number in self.last_page_strings:
            return number
        if not re.fullmatch(r"[0-9]+", str(number)) or int(number) < 1:
            raise ValidationError({"page": ["Must be a whole number from 1."]})
        return number
