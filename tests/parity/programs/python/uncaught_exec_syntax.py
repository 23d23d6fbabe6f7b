# an uncaught SyntaxError from exec: located in the string
def run(src):
    exec(src)
run("total = (1 +\n")
