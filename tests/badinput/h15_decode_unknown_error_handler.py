# badinput: bytes.decode with an unknown error handler on a failing byte: LookupError 'unknown error handler name'
# expect-exit: 1
# expect-stderr: LookupError: unknown error handler name 'bogus'
b"\xff".decode("utf-8", "bogus")
