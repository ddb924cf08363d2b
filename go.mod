module github.com/kombat-game/kombat

go 1.26
