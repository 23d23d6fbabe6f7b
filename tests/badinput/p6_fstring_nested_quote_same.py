# badinput: fstring nested quote same (issue 31 sweep 6; valid since CPython 3.12, PEP 701)
# expect-exit: 0
# expect-stdout: 1
x = {'a': 1}
print(f'{x["a"]}')
print(f'{x['a']}')
