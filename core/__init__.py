"""The API plumbing every app uses: the one error type and its handler, the strict
serializer and response helpers, the schema helpers, pagination, the JSON parser, the
``/api/`` middleware, the fail-open Redis cache, and the service's own small views
(health, the API docs page, the web client's page). ``config`` wires these together."""
