# badinput: a lone surrogate encoded as UTF-8
# expect-exit: 1
# expect-stderr: UnicodeEncodeError: 'utf-8' codec can't encode character '\ud800' in position 0: surrogates not allowed
s="\ud800"
print(len(s))
print(s.encode())
