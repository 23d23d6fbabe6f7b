# badinput: __del__ creates another object with __del__ (bounded chain)
# expect-exit: 0
# expect-stdout: 500
count = [0]
class D:
    def __del__(self):
        count[0] += 1
        if count[0] < 500:
            D()
D()
print(count[0])
