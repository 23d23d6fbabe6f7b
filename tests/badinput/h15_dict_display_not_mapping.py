# badinput: {**obj} of an object with neither keys() nor dict base: CPython's "'int' object is not a mapping"
# expect-exit: 1
# expect-stderr: TypeError: 'int' object is not a mapping
x = 5
print({**x})
