# badinput: identifiers equal under NFKC (valid)
# expect-exit: 0
# expect-stdout: 7
ﬁ = 7
print(fi)
