# badinput: fstring deep nesting (issue 31 sweep 6; valid since CPython 3.12, PEP 701)
# expect-exit: 0
# expect-stdout: 1
print(f'{f"{f'{1}'}"}')
