mod helpers;
mod normalise_config;
