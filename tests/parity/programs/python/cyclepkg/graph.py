NODE = "node"
