"""Pagination for every list: ``{"count", "next", "previous", "results"}``."""

from __future__ import annotations

import re
from typing import Any

from rest_framework import pagination
from rest_framework.exceptions import ValidationError


def single_query_value(request: Any, name: str) -> str | None:
    """The one value of query parameter ``name`` (None when absent); given twice: 400."""
    values = request.query_params.getlist(name)
    if len(values) > 1:
        raise ValidationError({name: ["Give this parameter once."]})
    return values[0] if values else None


class PageNumberPagination(pagination.PageNumberPagination):
    """``?page=N`` (from 1, or ``last``; past the last page: 404 ``not_found``) and
    ``?page_size=M`` (1 to 100, default 20). Anything else, or either given twice, is 400
    ``validation_error``: the schema (``core.schema.page_parameters``) says the same."""

    page_size_query_param = "page_size"
    max_page_size = 100

    def get_page_number(self, request: Any, paginator: Any) -> Any:
        number = single_query_value(request, self.page_query_param)
        if number is None:
            return 1
        if number in self.last_page_strings:
            return paginator.num_pages
        if not re.fullmatch(r"[0-9]+", number) or int(number) < 1:
            raise ValidationError({"page": ["Must be a whole number from 1."]})
        return number

    def get_page_size(self, request: Any) -> int | None:
        size = single_query_value(request, self.page_size_query_param)
        if size is None:
            return self.page_size
        if not re.fullmatch(r"[0-9]+", size) or not 1 <= int(size) <= self.max_page_size:
            raise ValidationError(
                {"page_size": [f"Must be a whole number from 1 to {self.max_page_size}."]}
            )
        return int(size)
