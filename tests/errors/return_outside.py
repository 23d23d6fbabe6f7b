# error: 2:1: 'return' outside function
return 1
