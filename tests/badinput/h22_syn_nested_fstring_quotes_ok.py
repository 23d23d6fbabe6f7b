# badinput: an f-string field reusing the quotes (3.12)
# expect-exit: 0
# expect-stdout: a, b
names = ['a', 'b']
print(f"{", ".join(names)}")
