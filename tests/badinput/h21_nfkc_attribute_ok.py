# badinput: attribute names equal under NFKC (valid)
# expect-exit: 0
# expect-stdout: 3 3
class A:
    ﬁeld = 3
print(A.field, A().ﬁeld)
