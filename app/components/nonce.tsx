// The Content-Security-Policy nonce of this response, for the inline scripts
// Remix renders. Browsers hide the attribute after load, so on the client it is "".
import { createContext, useContext } from "react";

const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
