# error: 2:1: 'break' outside loop
break
