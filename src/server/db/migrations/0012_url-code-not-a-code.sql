-- NOT VALID: a database that already holds a 7-digit URL code still migrates; new and changed rows are checked.
ALTER TABLE "signup_codes" ADD CONSTRAINT "signup_codes_url_code_not_a_code" CHECK ("signup_codes"."url_code" !~ '^[0-9]{7}$') NOT VALID;
