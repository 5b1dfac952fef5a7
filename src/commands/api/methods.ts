/** Methods `mids api -X` sends (any letter case). */
export const METHODS: readonly string[] = ["GET", "POST", "PATCH", "PUT", "DELETE", "HEAD"];
