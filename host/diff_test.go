package host

import "testing"

// TestLineDiff checks the strategy diff on the changes players make: an edited line,
// lines added and removed, no change, CRLF against LF, and far-apart changes shown as
// separate hunks with their line numbers.
func TestLineDiff(t *testing.T) {
	tests := []struct {
		name, a, b, want string
	}{
		{"same", "a\nb\n", "a\nb", ""},
		{"crlf", "a\r\nb\r\n", "a\nb\n", ""},
		{"edit", "x = 1\nmove up\ndone\n", "x = 1\nmove down\ndone\n", "@@ 1,1 @@\n x = 1\n-move up\n+move down\n done\n"},
		{"add", "a\nb\n", "a\nb\nc\n", "@@ 1,1 @@\n a\n b\n+c\n"},
		{"remove first", "a\nb\nc\nd\ne\n", "b\nc\nd\ne\n", "@@ 1,1 @@\n-a\n b\n c\n"},
		{"from empty", "", "a\n", "@@ 0,1 @@\n+a\n"},
		{"two hunks", "1\n2\n3\n4\n5\n6\n7\n8\n9\n", "1\nX\n3\n4\n5\n6\n7\nY\n9\n",
			"@@ 1,1 @@\n 1\n-2\n+X\n 3\n 4\n@@ 6,6 @@\n 6\n 7\n-8\n+Y\n 9\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := lineDiff(tt.a, tt.b); got != tt.want {
				t.Errorf("lineDiff:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}
