-- UUIDv7 generated in SQL (PostgreSQL 15 has no uuidv7()): 48-bit Unix milliseconds over a random UUID,
-- version bits set to 7. Used where rows are inserted by INSERT ... SELECT (messages to many users).
CREATE OR REPLACE FUNCTION uuid_generate_v7_compat() RETURNS uuid AS $$
  SELECT encode(
    set_bit(
      set_bit(
        overlay(uuid_send(gen_random_uuid())
          PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
          FROM 1 FOR 6),
        52, 1),
      53, 1),
    'hex')::uuid
$$ LANGUAGE sql VOLATILE;
