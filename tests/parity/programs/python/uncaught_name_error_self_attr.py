# Ends with an uncaught NameError inside a method for a name the instance has as an attribute:
# CPython 3.12 suggests 'self.NAME' before any close local, global or builtin name.
class Trainer:
    def __init__(self):
        self.epochs = 3
        self.lr = 0.1

    def run(self):
        print("lr", self.lr)
        for e in range(epochs):
            print("epoch", e)


Trainer().run()
