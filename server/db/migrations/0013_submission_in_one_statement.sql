-- A write made of one statement (decision 046: a request's submission) refuses itself with this: it raises
-- `kahraba_refused` (SQLSTATE P0001) with the error code as its message, which rolls the whole statement back; the
-- server answers that code (server/db/errors.ts `refusal`).
CREATE OR REPLACE FUNCTION kahraba_refuse(code text) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = code, HINT = 'kahraba_refused';
END
$$;
