print("bad ÿ byte")
