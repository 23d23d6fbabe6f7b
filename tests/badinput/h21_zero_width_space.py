# badinput: zero-width space inside a name
# expect-exit: 1
# expect-stderr: SyntaxError: invalid non-printable character U+200B
x​ = 1
