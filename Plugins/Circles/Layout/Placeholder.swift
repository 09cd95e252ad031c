// circles
