# badinput: enumerate with a start past ssize_t keeps counting as big ints
# expect-exit: 0
# expect-stdout: [(9223372036854775807, 'a'), (9223372036854775808, 'b')]
e = enumerate('ab', 2**63 - 1)
print(list(e))
