/** Methods `mids api -X` sends (any letter case). */
export const METHODS = ["GET", "POST", "PATCH", "PUT", "DELETE", "HEAD"];
