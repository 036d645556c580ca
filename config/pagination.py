"""Pagination for every list: ``{"count", "next", "previous", "results"}``."""

from rest_framework import pagination


class PageNumberPagination(pagination.PageNumberPagination):
    """``?page=N`` and ``?page_size=M`` (at most 100)."""

    page_size_query_param = "page_size"
    max_page_size = 100
