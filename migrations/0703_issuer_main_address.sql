-- dirMatriz is required on every document, and registration and issuer creation now ask for the
-- main address (issue 13, defect 11). Issuers registered before without one have had their branch
-- address written as dirMatriz on every document; this makes that explicit in their row, so the API
-- shows what the documents carry. An issuer with neither address keeps the documented fallback
-- "S/N" (docs/hardening.md, "Issuer addresses").
update issuers set main_address = branch_address
 where main_address is null and branch_address is not null and btrim(branch_address) <> '';
