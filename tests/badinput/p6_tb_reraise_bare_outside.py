# badinput: tb reraise bare outside (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RuntimeError: No active exception to reraise
raise
