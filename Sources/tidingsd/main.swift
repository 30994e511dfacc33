print("tidingsd")
