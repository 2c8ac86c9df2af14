"""Graph access: settings, driver, embedded server, schema, read-only guard and query endpoints."""
