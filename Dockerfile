# syntax=docker/dockerfile:1
# kombat: a static, cgo-free binary on a minimal non-root image. The database lives on
# the /data volume; configuration comes from the environment (see .env.example).

FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/kombat . \
 && mkdir -p /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/kombat /usr/local/bin/kombat
COPY --from=build --chown=nonroot:nonroot /out/data /data
ENV KOMBAT_DB=/data/kombat.db
VOLUME ["/data"]
USER nonroot:nonroot
ENTRYPOINT ["/usr/local/bin/kombat"]
CMD ["serve"]
