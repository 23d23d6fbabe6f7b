# badinput: a soft hyphen (U+00AD, format character) in a name
# expect-exit: 1
# expect-stderr: SyntaxError: invalid non-printable character U+00AD
ab­c = 1
