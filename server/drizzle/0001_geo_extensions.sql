-- Radius search: ll_to_earth() and a GiST-indexed cube column (see ARCHITECTURE.md, "Geo").
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
