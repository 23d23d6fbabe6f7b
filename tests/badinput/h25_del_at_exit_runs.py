# badinput: an object with __del__ still bound to a global when the program ends: CPython's shutdown clears __main__ and runs its __del__ (Kiln never called it)
# expect-exit: 0
# expect-stdout: end|Car destroyed|
class Car:
    def __del__(self):
        print('Car destroyed', end='|')
car = Car()
print('end', end='|')
