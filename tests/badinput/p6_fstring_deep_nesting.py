# badinput: fstring deep nesting (issue 31 sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: SyntaxError: f-string: unterminated string
print(f'{f"{f'{1}'}"}')
