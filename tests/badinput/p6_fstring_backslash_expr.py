# badinput: fstring backslash expr (issue 31, hostile-input sweep 6; valid since CPython 3.12, PEP 701)
# expect-exit: 0
# expect-stdout: a
print(f'{"\n".join(["a"])}')
