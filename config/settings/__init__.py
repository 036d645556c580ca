"""Settings split by environment: ``base`` (shared), ``local``, ``test``, ``production``.

Every value that differs between deployments is read from the environment in ``base``.
"""
