// Server tests run with TZ=UTC (vitest config); zone-specific behaviour is tested with explicit zones.
process.env.TZ = 'UTC';
