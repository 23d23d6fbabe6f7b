# badinput: Python misuse: walrus comprehension
# expect-exit: 1
# expect-stderr: h35_walrus_comprehension.py:4:2: SyntaxError: assignment expression cannot rebind comprehension iteration variable 'y'
[y := 1 for y in range(3)]
