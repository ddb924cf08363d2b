package store

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"
)

// The secrets in these tests are spelled so that a test can look for any trace of
// them: each holds "hunter" or "s3cr3t", which no other part of a message does.

func TestRedact(t *testing.T) {
	for _, c := range []struct {
		name, in, want string
	}{
		// URLs that parse: what an operator needs stays, the credentials go.
		{"no credentials", "postgres://db.internal:5432/kombat", "postgres://db.internal:5432/kombat"},
		{"user-info password", "postgres://kombat:hunter2@db.internal:5432/kombat", "postgres://kombat:xxxxx@db.internal:5432/kombat"},
		{"password with @ and escapes", "postgres://kombat:hun%2Fter@2@db:5432/kombat", "postgres://kombat:xxxxx@db:5432/kombat"},
		{"postgres user alone stays", "postgresql://kombat@db/kombat", "postgresql://kombat@db/kombat"},
		{"query password", "postgres://kombat@db/kombat?sslmode=disable&password=hunter2", "postgres://kombat@db/kombat?sslmode=disable&password=xxxxx"},
		{"sslpassword and passfile", "postgres://db/k?sslpassword=hunter2&passfile=/run/s3cr3t/pgpass&application_name=kombat", "postgres://db/k?sslpassword=xxxxx&passfile=xxxxx&application_name=kombat"},
		{"escaped parameter name", "postgres://db/k?pass%77ord=hunter2", "postgres://db/k?pass%77ord=xxxxx"},
		{"parameter name case", "postgres://db/k?PASSWORD=hunter2", "postgres://db/k?PASSWORD=xxxxx"},
		{"both at once", "postgres://kombat:hunter1@db/k?password=hunter2&search_path=s", "postgres://kombat:xxxxx@db/k?password=xxxxx&search_path=s"},
		{"semicolon separator", "postgres://db/k?a=1;password=hunter2", "postgres://db/k?a=1;password=xxxxx"},
		{"http user-info", "https://proxy:hunter2@rest.example:8443/api/v9", "https://proxy:xxxxx@rest.example:8443/api/v9"},
		{"http token as user", "https://hunter2token@rest.example/api/v9", "https://xxxxx@rest.example/api/v9"},
		{"tokens in a query", "https://rest.example/api?token=hunter2&access_token=hunter3&client_secret=hunter4&api_key=hunter5&X-Amz-Signature=hunter6&v=9",
			"https://rest.example/api?token=xxxxx&access_token=xxxxx&client_secret=xxxxx&api_key=xxxxx&X-Amz-Signature=xxxxx&v=9"},
		{"fragment", "https://rest.example/cb#access_token=hunter2", "https://rest.example/cb#xxxxx"},
		{"multiple hosts", "postgres://kombat:hunter2@db1:5432,db2:5432/k", "postgres://kombat:xxxxx@db1:5432,db2:5432/k"},

		// URLs that do not parse keep their scheme alone.
		{"bad port", "postgres://kombat:hunter2@db:port/k?password=hunter3", "postgres://" + hiddenURL},
		{"password with a slash", "postgres://kombat:hun/ter2@db/k", "postgres://" + hiddenURL},
		{"no host, password as port", "postgres://kombat:hunter2/k", "postgres://" + hiddenURL},
		{"bad escape", "postgres://kombat:hunter%zz@db/k", "postgres://" + hiddenURL},
		{"bad IPv6", "https://u:hunter2@[::1/api", "https://" + hiddenURL},
		{"control character", "postgres://kombat:hunter2@db/k\n", "postgres://" + hiddenURL},

		// PostgreSQL key=value connection strings.
		{"key=value", "host=db user=kombat password=hunter2 dbname=kombat", "host=db user=kombat password=xxxxx dbname=kombat"},
		{"key = value", "host=db password = hunter2 dbname=k", "host=db password = xxxxx dbname=k"},
		{"quoted", `host=db password='hunter 2 \' s3cr3t' dbname=k`, "host=db password=xxxxx dbname=k"},
		{"quote never closed", `host=db password='hunter 2 dbname=k`, "host=db password=xxxxx"},
		{"backslash-escaped space", `password=hunter\ s3cr3t host=db`, "password=xxxxx host=db"},
		{"sslpassword passfile", "sslpassword=hunter2 passfile=/run/s3cr3t sslmode=verify-full", "sslpassword=xxxxx passfile=xxxxx sslmode=verify-full"},
		{"key case", "PASSWORD=hunter2", "PASSWORD=xxxxx"},

		// Messages that hold them.
		{"pgx's quoted string", "cannot parse `postgres://u:hunter2@db:x/k`: invalid port", "cannot parse `postgres://" + hiddenURL + "`: invalid port"},
		{"URL in a message", "open postgres://u:hunter2@db/k?password=hunter3: refused", "open postgres://u:xxxxx@db/k?password=xxxxx: refused"},
		{"key=value in a message", "cannot parse `host=db password=hunter2`: bad", "cannot parse `host=db password=xxxxx`: bad"},
		{"user-info with no scheme", "proxy:hunter2@rest.example/api", "proxy:xxxxx@rest.example/api"},
		{"harmless message", "failed to connect to `user=kombat database=kombat`: 127.0.0.1:5432 (localhost): dial error",
			"failed to connect to `user=kombat database=kombat`: 127.0.0.1:5432 (localhost): dial error"},
		{"secret in the host", "postgres://password=hunter2@h/db", "postgres://password=xxxxx@h/db"},
		{"scheme-relative token", "fetch //hunter2@api.example/v1 failed", "fetch //xxxxx@api.example/v1 failed"},
		{"SQLite path", "/var/lib/kombat/data/kombat.db", "/var/lib/kombat/data/kombat.db"},
		{"empty", "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := Redact(c.in)
			if got != c.want {
				t.Errorf("Redact(%q)\n = %q\nwant %q", c.in, got, c.want)
			}
			if strings.Contains(got, "hunter") || strings.Contains(got, "s3cr3t") {
				t.Errorf("Redact(%q) = %q keeps a secret", c.in, got)
			}
			if again := Redact(got); again != got {
				t.Errorf("Redact is not idempotent: %q, then %q", got, again)
			}
		})
	}
}

// FuzzRedact: whatever the input, a secret placed in a password's position never
// survives, and Redact never panics.
func FuzzRedact(f *testing.F) {
	for _, s := range []string{"postgres://u:%s@h/db", "postgres://h/db?password=%s", "host=h password=%s", "https://%s@h/api", "postgres://u:%s@h:x/db", "password='%s'"} {
		f.Add(s, "hunter2")
	}
	f.Fuzz(func(t *testing.T, format, secret string) {
		_ = Redact(format)
		// One "%s" only: the secret then stands where the checks below say (a second
		// one put it before "password=", which nothing masks, nor should).
		if strings.Count(format, "%s") != 1 || len(secret) < 4 || strings.ContainsAny(secret, " \t\r\n\v\f'\"`\\@:/?#&;=%") || strings.Contains(Masked, secret) {
			return
		}
		in := strings.Replace(format, "%s", secret, 1)
		if strings.Count(in, secret) != 1 || !strings.Contains(strings.ToLower(format), "password=%s") && !strings.Contains(format, ":%s@") && !strings.Contains(format, "//%s@") {
			return
		}
		if got := Redact(in); strings.Contains(got, secret) {
			t.Errorf("Redact(%q) = %q keeps %q", in, got, secret)
		}
	})
}

// TestOpenMasksCredentials: what Open says about a PostgreSQL database it cannot open
// holds no password, in any form KOMBAT_DB may give one, and a key=value connection
// string is refused rather than taken for a file named after its password.
func TestOpenMasksCredentials(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	t.Chdir(t.TempDir())
	for _, dsn := range []string{
		// Port 1 of the loopback refuses at once: the driver's own error is in the message.
		"postgres://kombat:hunter1@127.0.0.1:1/kombat?password=hunter2&sslpassword=hunter3&connect_timeout=2",
		"postgres://kombat:hunter1@127.0.0.1:port/kombat?password=hunter2",
		"postgres://kombat:hun/ter1@127.0.0.1:1/kombat",
		"host=127.0.0.1 port=1 user=kombat password=hunter1 dbname=kombat",
	} {
		db, err := Open(ctx, dsn)
		if err == nil {
			db.Close()
			t.Errorf("Open(%q) opened", dsn)
			continue
		}
		if msg := err.Error(); strings.Contains(msg, "hunter") || strings.Contains(msg, "hun/ter") {
			t.Errorf("Open's error holds a password: %s", msg)
		}
		if strings.HasPrefix(dsn, "host=") && !errors.Is(err, ErrInvalidInput) {
			t.Errorf("a key=value string: %v, want ErrInvalidInput", err)
		}
	}
	if names, _ := os.ReadDir("."); len(names) != 0 {
		t.Errorf("Open left %v in the working directory", names[0].Name())
	}
}
