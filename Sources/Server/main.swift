print("crash-assistant-server")
