// setupFiles of the `server-pg` jest project: the same suites, on PostgreSQL and Redis.
process.env.TEST_ENGINE = 'postgres';
