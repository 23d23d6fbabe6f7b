# error: 4:9: yield is not supported in Kiln
def gen(n):
    for i in range(n):
        yield i
