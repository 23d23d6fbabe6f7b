# badinput: bool('False') is True
# expect-exit: 1
# expect-stderr: AssertionError: bool of a non-empty string is True
# expect-stdout: True False True
print(bool('False'), bool(''), bool('0'))
assert bool('False') is False, 'bool of a non-empty string is True'
